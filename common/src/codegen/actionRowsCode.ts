// The rows rule by answer shape (runner/actionRows.ts), written once per
// language of the exported programs, for every action other than `query`:
// the answer's first list outside `query` (an array, an object of objects or
// of arrays keyed by id; a module object's own lists count, `parse.sections`),
// else its first module object as key/value rows; opensearch's
// `[search, titles, descriptions, urls]` as title/description/url rows; a text
// answer (a feed) printed as it came. The members that describe the answer
// come from ANSWER_META, so the programs skip exactly what the runner skips.

import { ANSWER_META } from '../runner/actionRows';

const metaNames = (): string => [...ANSWER_META].map((n) => JSON.stringify(n)).join(', ');

export function pythonActionRows(): string {
  return `# Members of an answer that describe it rather than hold results.
ANSWER_META = {${metaNames()}}


def shape_rows(value):
    """A value's rows when it is a list by its shape (an array, an object of
    objects or of arrays keyed by id), else None."""
    if isinstance(value, list):
        return [item if isinstance(item, dict) else {"value": item} for item in value]
    if not isinstance(value, dict) or not value:
        return None
    if all(isinstance(item, dict) for item in value.values()):
        return list(value.values())
    if not all(isinstance(items, list) for items in value.values()):
        return None
    return [
        (item if "key" in item else {"key": key, **item}) if isinstance(item, dict) else {"key": key, "value": item}
        for key, items in value.items()
        for item in items
    ]


def answer_parts(answer):
    """The answer's parts outside "query" as (name, rows list or key/value dict), in order."""
    if isinstance(answer, list):
        columns = answer[1:]
        if answer and isinstance(answer[0], str) and len(columns) == 3 and all(isinstance(c, list) and len(c) == len(columns[0]) for c in columns):
            rows = [dict(zip(("title", "description", "url"), row)) for row in zip(*columns)]
            return [("results", rows), ("search", {"search": answer[0]})]
        return [("results", shape_rows(answer))]
    parts = []
    for name, value in answer.items():
        if name == "query" or name in ANSWER_META:
            continue
        if shape_rows(value) is not None:
            parts.append((name, shape_rows(value)))
        elif isinstance(value, dict):
            lists = [(key, shape_rows(item)) for key, item in value.items() if shape_rows(item) is not None]
            fields = {key: item for key, item in value.items() if shape_rows(item) is None}
            if fields or not lists:
                parts.append((name, fields))
            parts.extend(lists)
    return parts


def rows(answers):
    """The rows as mwquery makes them: the first list of the first answer that
    has one, else its first key/value part (each key once); text as it came."""
    chosen = None
    keys = set()
    for data in answers:
        if isinstance(data, str):
            yield data
            continue
        parts = answer_parts(data)
        if chosen is None:
            chosen = next((name for name, value in parts if isinstance(value, list)), parts[0][0] if parts else None)
        value = next((value for name, value in parts if name == chosen), [])
        if isinstance(value, list):
            yield from value
            continue
        for key, item in value.items():
            if key not in keys:
                keys.add(key)
                yield {"key": key, "value": item}
`;
}

export const PYTHON_ACTION_MAIN = `if __name__ == "__main__":
    for row in rows(answers()):
        print(row if isinstance(row, str) else json.dumps(row, ensure_ascii=False), end="" if isinstance(row, str) else "\\n")
`;

export function jsActionRows(): string {
  return `// Members of an answer that describe it rather than hold results.
const ANSWER_META = new Set([${metaNames()}]);

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** A value's rows when it is a list by its shape (an array, an object of objects or of arrays keyed by id), else undefined. */
function shapeRows(value) {
  if (Array.isArray(value)) return value.map((item) => (isObject(item) ? item : { value: item }));
  const values = isObject(value) ? Object.values(value) : [];
  if (values.length === 0) return undefined;
  if (values.every(isObject)) return values;
  if (!values.every(Array.isArray)) return undefined;
  return Object.entries(value).flatMap(([key, items]) =>
    items.map((item) => (isObject(item) ? (Object.hasOwn(item, "key") ? item : { key, ...item }) : { key, value: item })),
  );
}

/** The answer's parts outside "query" as [name, rows array or key/value object], in order. */
function answerParts(answer) {
  if (Array.isArray(answer)) {
    const [search, ...columns] = answer;
    if (typeof search === "string" && columns.length === 3 && columns.every((c) => Array.isArray(c) && c.length === columns[0].length)) {
      const rows = columns[0].map((title, i) => ({ title, description: columns[1][i], url: columns[2][i] }));
      return [["results", rows], ["search", { search }]];
    }
    return [["results", shapeRows(answer)]];
  }
  const parts = [];
  for (const [name, value] of Object.entries(answer)) {
    if (name === "query" || ANSWER_META.has(name)) continue;
    if (shapeRows(value)) parts.push([name, shapeRows(value)]);
    else if (isObject(value)) {
      const lists = Object.entries(value).filter(([, item]) => shapeRows(item)).map(([key, item]) => [key, shapeRows(item)]);
      const fields = Object.fromEntries(Object.entries(value).filter(([, item]) => !shapeRows(item)));
      if (Object.keys(fields).length > 0 || lists.length === 0) parts.push([name, fields]);
      parts.push(...lists);
    }
  }
  return parts;
}

/**
 * The rows as mwquery makes them: the first list of the first answer that has
 * one, else its first key/value part (each key once); text as it came.
 */
async function* rows(answers) {
  let chosen;
  const keys = new Set();
  for await (const data of answers) {
    if (typeof data === "string") {
      yield data;
      continue;
    }
    const parts = answerParts(data);
    chosen ??= (parts.find(([, value]) => Array.isArray(value)) ?? parts[0])?.[0];
    const value = parts.find(([name]) => name === chosen)?.[1] ?? [];
    if (Array.isArray(value)) yield* value;
    else
      for (const [key, item] of Object.entries(value)) {
        if (keys.has(key)) continue;
        keys.add(key);
        yield { key, value: item };
      }
  }
}`;
}

export const JS_ACTION_MAIN = `for await (const row of rows(answers())) {
  process.stdout.write(typeof row === "string" ? row : JSON.stringify(row) + "\\n");
}
`;

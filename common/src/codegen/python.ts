// Python programs from an ExportModel: plain `requests`, mwclient and Pywikibot.

import type { ExportModel, ValuePart } from './model';
import { commentText, pyString } from './quote';
import { PYTHON_ACTION_MAIN, pythonActionRows } from './actionRowsCode';

function pyValue(parts: readonly ValuePart[]): string {
  return parts.map((p) => (p.kind === 'text' ? pyString(p.text) : `env(${pyString(p.name)})`)).join(' + ') || '""';
}

function pyParams(model: ExportModel, skip: ReadonlySet<string> = new Set()): string {
  const lines = model.params.filter((p) => !skip.has(p.name)).map((p) => `    ${pyString(p.name)}: ${pyValue(p.parts)},`);
  return `{\n${lines.join('\n')}\n}`;
}

/** What the program prints, by the action (query's rows, or the rows rule by answer shape). */
function printsWhat(model: ExportModel): string {
  return model.action === 'query'
    ? 'Prints each result (list item or page; for meta modules only, their first part) as one line of JSON.'
    : 'Prints each row (the first list of the answer, else its key/value pairs) as one line of JSON; a text answer as it came.';
}

/** The rows helper and the main block: query's rows, or another action's by answer shape. */
function rowsAndMain(model: ExportModel): string {
  return model.action === 'query' ? `${ROWS_FUNCTIONS}\n\n${MAIN}` : `${pythonActionRows()}\n\n${PYTHON_ACTION_MAIN}`;
}

function header(model: ExportModel, how: string): string {
  const env = model.envNames.length ? `# Reads from the environment: ${model.envNames.map((n) => commentText(n, 60)).join(', ')}.\n` : '';
  // Line 2 declares the encoding: Python reads a declaration only on lines 1-2,
  // so the query's name (file text) comes after it and can declare nothing.
  return `#!/usr/bin/env python3
# -*- coding: utf-8 -*-
# Exported from mwquery: ${commentText(model.title)}
# ${how}
# ${printsWhat(model)}
${env}`;
}

// A wiki that sends back a `continue` it sent before would be asked the same pages forever.
const NEXT_CONTINUE_FUNCTION = `def next_continue(data, seen):
    """The next continue values; stops when the wiki repeats ones it sent before."""
    values = data["continue"]
    key = json.dumps(values, sort_keys=True)
    if not isinstance(values, dict) or key in seen:
        sys.exit("The wiki sent continue values it had sent before; stopped to avoid an endless loop.")
    seen.add(key)
    return values
`;

const ENV_FUNCTION = `def env(name):
    """The value of an environment variable; stops with a message when it is not set."""
    value = os.environ.get(name)
    if value is None:
        sys.exit(f"Set the environment variable {name}.")
    return value
`;

/** Rows as mwquery makes them (runner/rowParts.ts): the first list's items, else merged pages once their batch is complete, else a meta-only query's first part. */
const ROWS_FUNCTIONS = `# Keys under "query" that describe the input rather than results.
INPUT_PARTS = {"normalized", "redirects", "converted", "interwiki", "badrevids", "pageids"}


def is_list(value):
    return isinstance(value, list) or (isinstance(value, dict) and bool(value) and all(isinstance(v, dict) for v in value.values()))


def rows_part(params):
    """The part of the answers that holds the results: the first list module,
    else the pages; None for meta modules only (their first part). Objects
    such as searchinfo are no results."""
    lists = str(params.get("list", ""))
    names = [name.strip() for name in lists.split("\\u001f" if lists.startswith("\\u001f") else "|")]
    lists = [name for name in names if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", name)]
    if lists:
        return lists  # the first of them the answers hold (an unknown module has no key)
    return "pages" if any(str(params.get(name, "")) != "" for name in ("generator", "titles", "pageids", "revids")) else None


def list_rows(value):
    """A list's items as rows: a list, a dict of dicts' values, or list=querypage's results."""
    if isinstance(value, dict):
        value = value["results"] if isinstance(value.get("results"), list) else list(value.values()) if is_list(value) else []
    if not isinstance(value, list):
        return []
    return [item if isinstance(item, dict) else {"value": item} for item in value]


def page_key(page):
    pageid = page.get("pageid")
    if isinstance(pageid, int) and pageid > 0:
        return ("id", pageid)
    return ("title", page.get("title"))


def merge_page(known, fragment):
    """Adds a later part of a page: lists appended, dicts merged, other fields kept."""
    for name, value in fragment.items():
        current = known.get(name)
        if isinstance(current, list) and isinstance(value, list):
            known[name] = current + value
        elif isinstance(current, dict) and isinstance(value, dict):
            known[name] = {**current, **value}
        elif name not in known:
            known[name] = value


def rows(answers, part):
    """Yields results: the list's items at once, pages when their batch is
    complete; for meta modules only, the first part (a dict as key/value rows)."""
    pending = {}
    handed_out = set()
    chosen = None
    meta_part = None
    meta_keys = set()
    for data in answers:
        query = data.get("query")
        if not isinstance(query, dict):
            query = {}
        if part == "pages":
            pages = query.get("pages")
            for page in pages if isinstance(pages, list) else []:
                if page_key(page) in pending:
                    merge_page(pending[page_key(page)], page)
                else:
                    pending[page_key(page)] = page
            if data.get("batchcomplete") or "continue" not in data:
                # A page a later batch brings again (generator=alllinks) is printed once.
                for key, page in pending.items():
                    if key not in handed_out:
                        handed_out.add(key)
                        yield page
                pending = {}
        elif part is not None:
            if chosen is None:
                chosen = next((name for name in part if name in query), None)
            if chosen is not None:
                yield from list_rows(query.get(chosen))
        else:
            if meta_part is None:
                meta_part = next((key for key, value in query.items() if key not in INPUT_PARTS and isinstance(value, (dict, list))), None)
            if meta_part is None or meta_part not in query:
                continue
            value = query[meta_part]
            if is_list(value):
                yield from list_rows(value)
            elif isinstance(value, dict):
                for key, item in value.items():
                    if key not in meta_keys:
                        meta_keys.add(key)
                        yield {"key": key, "value": item}
`;

const MAIN = `if __name__ == "__main__":
    for row in rows(answers(), rows_part(PARAMS)):
        print(json.dumps(row, ensure_ascii=False))
`;

export function pythonRequests(model: ExportModel): string {
  return `${header(model, 'Follows "continue" to the end, waits and retries when the wiki is lagged (maxlag) or busy.')}
import json
import os
import re
import sys
import time

import requests


${ENV_FUNCTION}

${NEXT_CONTINUE_FUNCTION}

API_URL = ${pyValue(model.endpoint)}
USER_AGENT = ${pyString(model.userAgent)} + " python-requests/" + requests.__version__
MAX_RETRIES = 5
PARAMS = ${pyParams(model)}


def retry_after(response):
    """Seconds to wait, from the Retry-After header (5 when absent or not a number)."""
    try:
        return max(1, int(response.headers.get("Retry-After", "5")))
    except ValueError:
        return 5


def api_call(session, params):
    """One request (POST: no URL length limit); retries on maxlag, 429 and 5xx."""
    for attempt in range(MAX_RETRIES + 1):
        response = session.post(API_URL, data=params, timeout=60)
        if response.status_code in (429, 502, 503, 504) and attempt < MAX_RETRIES:
            time.sleep(retry_after(response))
            continue
        response.raise_for_status()
        if "json" not in response.headers.get("Content-Type", ""):
            return response.text  # a text answer (a feed), printed as it came
        data = response.json()
        if not isinstance(data, dict):
            return data  # opensearch's answer is an array
        errors = data.get("errors", [])
        if any(e.get("code") == "maxlag" for e in errors) and attempt < MAX_RETRIES:
            time.sleep(retry_after(response))
            continue
        if errors:
            sys.exit("API error: " + "; ".join(f"{e.get('code')}: {e.get('text')}" for e in errors))
        for warning in data.get("warnings", []):
            print(f"API warning ({warning.get('module')}): {warning.get('text')}", file=sys.stderr)
        return data
    sys.exit("The wiki stayed lagged or busy; giving up.")


def answers():
    """Every answer of the query, following "continue" to the end."""
    with requests.Session() as session:
        session.headers["User-Agent"] = USER_AGENT
        last_continue = {}
        seen = set()
        while True:
            data = api_call(session, {**PARAMS, **last_continue})
            yield data
            if not isinstance(data, dict) or "continue" not in data:
                break
            last_continue = next_continue(data, seen)


${rowsAndMain(model)}`;
}

export function pythonMwclient(model: ExportModel): string {
  return `${header(model, 'Sends maxlag; mwclient waits as long as the wiki asks (Retry-After); this follows "continue" to the end.')}
import json
import os
import re
import sys
from urllib.parse import urlsplit

import mwclient


${ENV_FUNCTION}

${NEXT_CONTINUE_FUNCTION}

API_URL = ${pyValue(model.endpoint)}
USER_AGENT = ${pyString(model.userAgent)}
ACTION = ${pyString(model.action)}
# action and format are mwclient's to send; maxlag is ours (raw_api does not add it),
# and mwclient waits as the wiki asks (Retry-After) when the answer says it is lagged.
PARAMS = ${pyParams(model, new Set(['action', 'format']))}


def connect():
    url = urlsplit(API_URL)
    directory, _, script = url.path.rpartition("/")
    if script != "api.php":
        sys.exit(f"Expected an endpoint ending in api.php, not {API_URL}")
    return mwclient.Site(
        url.netloc,
        path=directory + "/",
        scheme=url.scheme,
        clients_useragent=USER_AGENT,
        retry_timeout=5,  # seconds before the first retry of a 5xx answer
    )


def answers():
    """Every answer of the query, following "continue" to the end."""
    site = connect()
    last_continue = {}
    seen = set()
    while True:
        # raw_api: site.api() would add meta=userinfo to every query and reads warnings as formatversion 1.
        try:
            data = site.raw_api(ACTION, http_method="POST", **{**PARAMS, **last_continue})
        except mwclient.errors.InvalidResponse as answer:
            yield answer.response_text  # a text answer (a feed), printed as it came
            break
        errors = data.get("errors", []) if isinstance(data, dict) else []
        if errors:
            sys.exit("API error: " + "; ".join(f"{e.get('code')}: {e.get('text')}" for e in errors))
        for warning in data.get("warnings", []) if isinstance(data, dict) else []:
            print(f"API warning ({warning.get('module')}): {warning.get('text')}", file=sys.stderr)
        yield data
        if not isinstance(data, dict) or "continue" not in data:
            break
        last_continue = next_continue(data, seen)


${rowsAndMain(model)}`;
}

/** Pywikibot's call: its Request (JSON), or for a text answer (a feed's feedformat=) its HTTP layer. */
function pywikibotCall(model: ExportModel): string {
  const params = `{"action": ${pyString(model.action)}, **PARAMS, **last_continue}`;
  if (model.textAsked) return `data = http.fetch(site.base_url(site.apipath()), method="POST", data={**${params}, "format": "json"}).text`;
  return `data = api.Request(site=site, parameters=${params}, use_get=False).submit()`;
}

export function pythonPywikibot(model: ExportModel): string {
  return `${header(
    model,
    "Pywikibot's Request follows no continuation by itself; this loop does. Pywikibot sends maxlag, waits on lag and builds the User-Agent from user-config.py.",
  )}#
# Run it where Pywikibot is set up for this wiki (user-config.py with its family):
#   python3 pwb.py this_file.py   or   python3 this_file.py
import json
import os
import re
import sys

import pywikibot
from pywikibot.comms import http
from pywikibot.data import api


${ENV_FUNCTION}

${NEXT_CONTINUE_FUNCTION}

# The wiki this query was written for; Pywikibot talks to the site user-config.py names.
API_URL = ${pyValue(model.endpoint)}
# action, format and maxlag are Pywikibot's to send; errors come in its own format, raised as APIError.
PARAMS = ${pyParams(model, new Set(['action', 'format', 'maxlag', 'errorformat']))}


def answers():
    """Every answer of the query, following "continue" to the end."""
    site = pywikibot.Site()
    last_continue = {}
    seen = set()
    while True:
        ${pywikibotCall(model)}
        yield data
        if not isinstance(data, dict) or "continue" not in data:
            break
        last_continue = next_continue(data, seen)


${rowsAndMain(model)}`;
}

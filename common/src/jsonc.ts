// `.mwquery.json` may carry comments (the example the extension writes has
// them): JSON with `//` and `/* */` comments and trailing commas, read by
// blanking those out and handing the rest to JSON.parse.

/** Parses JSON with comments and trailing commas; throws SyntaxError like JSON.parse. */
export function parseJsonc(text: string): unknown {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      // A string, escapes included, copied as it is.
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  // Trailing commas before } or ] (outside strings: strings were copied whole, and a
  // comma followed by blanks and a closing bracket cannot end a JSON string).
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

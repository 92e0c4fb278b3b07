// Files of long chains, for the timing tests (unit and protocol).

const ENDPOINT_LINE = '@endpoint = https://w.example/w/api.php\n';

/** 60 queries, each taking values from the two before it (the search without memory doubled its work per query). */
export function doubledChain(count = 60): string {
  let text = `${ENDPOINT_LINE}### Q0\nlist=allpages\n\n`;
  for (let i = 1; i < count; i++)
    text += `### Q${i}\nprop=info\ntitles={{#Q${i - 1}.title}}\npageids={{#Q${Math.max(0, i - 2)}.pageid}}\n\n`;
  return text;
}

/** Each query takes its titles from the one before it. */
export function linearChain(count = 20_000): string {
  let text = `${ENDPOINT_LINE}### Q0\nlist=allpages\n\n`;
  for (let i = 1; i < count; i++) text += `### Q${i}\nprop=info\ntitles={{#Q${i - 1}.title}}\n\n`;
  return text;
}

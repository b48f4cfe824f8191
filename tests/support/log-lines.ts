/** A server's JSON log lines, parsed: every one, or those with this message. */
export function logLines(output: string, msg?: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && (!msg || line.includes(`"msg":"${msg}"`)))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

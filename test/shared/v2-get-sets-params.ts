/**
 * The parameters v2 getSets takes over HTTP GET and POST, each empty unless `given` sets it: ASMX
 * answers a request that leaves one out with a 500, so every client sends them all. Written out
 * here, not read from the operation table, so a test built on it does not share the table's errors.
 */
export function v2GetSetsParams(given: Record<string, string>): Record<string, string> {
  return {
    apiKey: '',
    userHash: '',
    query: '',
    theme: '',
    subtheme: '',
    setNumber: '',
    year: '',
    owned: '',
    wanted: '',
    orderBy: '',
    pageSize: '',
    pageNumber: '',
    userName: '',
    ...given
  }
}

/**
 * The service's whole collection for a user, read the way any client would (v2 getSets over HTTP
 * GET, owned or wanted, page by page): what "the service equals the app" is checked against.
 */
export async function serviceCollection(
  base: string,
  apiKey: string,
  userHash: string
): Promise<Map<number, { owned: boolean; qtyOwned: number; wanted: boolean }>> {
  const out = new Map<number, { owned: boolean; qtyOwned: number; wanted: boolean }>()
  for (const which of ['owned', 'wanted']) {
    for (let pageNumber = 1; ; pageNumber++) {
      const qs = new URLSearchParams({
        apiKey,
        userHash,
        query: '',
        theme: '',
        subtheme: '',
        setNumber: '',
        year: '',
        owned: which === 'owned' ? '1' : '',
        wanted: which === 'wanted' ? '1' : '',
        orderBy: 'Number',
        pageSize: '500',
        pageNumber: String(pageNumber),
        userName: ''
      })
      const res = await fetch(`${base}/api/v2.asmx/getSets?${qs.toString()}`)
      const xml = await res.text()
      if (!res.ok) throw new Error(`getSets: HTTP ${res.status} ${xml.slice(0, 200)}`)
      // Each record starts with its setID; owned, wanted and qtyOwned follow it (set-records.ts).
      const records = xml.split('<setID>').slice(1)
      for (const r of records) {
        const field = (name: string): string =>
          new RegExp(`<${name}>([^<]*)</${name}>`).exec(r)?.[1] ?? ''
        out.set(Number(/^\d+/.exec(r)?.[0]), {
          owned: field('owned') === 'true',
          qtyOwned: Number(field('qtyOwned') || '0'),
          wanted: field('wanted') === 'true'
        })
      }
      if (records.length < 500) break
    }
  }
  return out
}

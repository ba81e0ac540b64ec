import { fullNumber, themeOf } from './catalogue'
import type { ServiceState } from './context'
import { isKnownMinifig } from './minifigs'
import { hashString } from './set-details'
import { rng, STREAM } from './rng'
import { escapeXml } from './xml-write'

/**
 * Set pictures as generated SVG art (deterministic per set and picture), at the paths the records
 * carry: /images/sets/{thumbs/tn_,small/,images/}NUMBER-VARIANT[_K].svg.
 */

const IMAGE_PATH = /^\/images\/sets\/(thumbs\/tn_|small\/|images\/)(\d+)-(\d+)(?:_(\d+))?\.svg$/

const SIZES: Readonly<Record<string, number>> = { 'thumbs/tn_': 120, 'small/': 320, 'images/': 800 }

/** Figure pictures: /images/minifigs/[thumbs/]NUMBER.svg. */
const FIGURE_PATH = /^\/images\/minifigs\/(thumbs\/)?([a-z0-9]+)\.svg$/

export function serveAsset(state: ServiceState, path: string): Response {
  const fig = FIGURE_PATH.exec(path)
  if (fig) return figureAsset(state, fig[2] ?? '', fig[1] === undefined ? 320 : 96)
  const m = IMAGE_PATH.exec(path)
  if (!m)
    return new Response('Not found.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' }
    })
  const file = `${m[2] ?? ''}-${m[3] ?? ''}`
  const set = findByFile(state, file)
  const picture = Number(m[4] ?? '0')
  if (!set || picture > set.additionalImageCount) {
    return new Response('Not found.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' }
    })
  }
  const svg = setArt(state, set.setID, picture, SIZES[m[1] ?? ''] ?? 320)
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }
  })
}

const fileIndex = new WeakMap<ServiceState, Map<string, number>>()

function findByFile(
  state: ServiceState,
  file: string
): { setID: number; additionalImageCount: number } | undefined {
  let index = fileIndex.get(state)
  if (!index) {
    index = new Map(state.cat.sets.map((s) => [fullNumber(s), s.setID]))
    fileIndex.set(state, index)
  }
  const id = index.get(file)
  return id === undefined ? undefined : state.cat.byID.get(id)
}

/** A little brick model: stacked bricks with studs, colours from the set's theme and id. */
function setArt(state: ServiceState, setID: number, picture: number, size: number): string {
  const set = state.cat.byID.get(setID)
  if (!set) throw new RangeError(`no set ${setID}`)
  const r = rng(state.cat.seed, STREAM.image, setID, picture)
  const hue = hashString(themeOf(state.cat, set).name) % 360
  const bricks: string[] = []
  const rows = r.int(3, 7)
  const unit = 100 / 10
  for (let row = 0; row < rows; row++) {
    let x = r.int(0, 2)
    while (x < 9) {
      const w = Math.min(10 - x, r.int(2, 4))
      const y = 90 - (row + 1) * unit
      const light = 35 + r.int(0, 35)
      const fill = `hsl(${(hue + r.int(-40, 40) + 360) % 360},70%,${light}%)`
      bricks.push(
        `<rect x="${x * unit}" y="${y}" width="${w * unit - 1}" height="${unit - 1}" rx="1" fill="${fill}"/>`
      )
      for (let s = 0; s < w; s++)
        bricks.push(
          `<rect x="${(x + s) * unit + 2.5}" y="${y - 2.5}" width="5" height="2.5" fill="${fill}"/>`
        )
      x += w + (r.chance(0.25) ? 1 : 0)
    }
  }
  const label = escapeXml(`${fullNumber(set)} ${set.name}`)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${label}">` +
    `<rect width="100" height="100" fill="hsl(${hue},30%,94%)"/>${bricks.join('')}` +
    `<text x="50" y="97" font-family="sans-serif" font-size="5" text-anchor="middle" fill="#333">${escapeXml(fullNumber(set))}</text></svg>`
  )
}

/** A little figure: head, torso and legs, coloured by its theme. */
function figureAsset(state: ServiceState, num: string, size: number): Response {
  if (!isKnownMinifig(state, num)) {
    return new Response('Not found.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' }
    })
  }
  const hue = hashString(num.slice(0, 3)) % 360
  const shade = hashString(num) % 40
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="Minifigure ${escapeXml(num)}">` +
    `<rect width="100" height="100" fill="hsl(${hue},30%,94%)"/>` +
    `<rect x="42" y="8" width="16" height="5" rx="1" fill="hsl(50,90%,${45 + shade / 4}%)"/>` +
    `<rect x="38" y="12" width="24" height="20" rx="5" fill="hsl(50,90%,${50 + shade / 4}%)"/>` +
    `<path d="M30 34 H70 L74 62 H26 Z" fill="hsl(${hue},60%,${35 + shade / 2}%)"/>` +
    `<rect x="30" y="62" width="19" height="28" fill="hsl(${(hue + 180) % 360},40%,30%)"/>` +
    `<rect x="51" y="62" width="19" height="28" fill="hsl(${(hue + 180) % 360},40%,30%)"/></svg>`
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }
  })
}

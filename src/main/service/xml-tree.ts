import { parseXmlWith } from './xml-parse'
import type { Attr, XmlHandler } from './xml-parse'

/** One element of a validated document: just what decoding needs, no prototype-keyed maps. */
export interface XmlElement {
  readonly local: string
  readonly ns: string
  /** Shared empty array until the first child arrives (most elements are leaves). */
  children: readonly XmlElement[]
  text: string
  nil: boolean
  /** Attributes as written (qualified name, decoded value), or null when there are none. */
  readonly attrs: readonly Attr[] | null
}

/** An element, by local name and namespace, at one depth of a path from the root. */
interface PathStep {
  readonly local: string
  readonly ns: string
}

/**
 * Where the tree stops: the element at the end of `path` (root first) keeps no children; what is
 * inside it goes to the handler `open` makes for it, as it is parsed (a long list of records then
 * never becomes a tree). Every element so routed is returned with its handler.
 */
export interface Route<H extends XmlHandler> {
  readonly path: readonly PathStep[]
  open(nil: boolean): H
}

/**
 * Parses a response body strictly (xml-parse.ts) into a small namespace-resolved tree.
 */
export function parseXml(xml: string): XmlElement {
  const builder = new TreeBuilder<XmlHandler>(null)
  parseXmlWith(xml, builder)
  return builder.root as XmlElement
}

/** As parseXml, with the inside of the elements at the end of `route.path` sent to handlers. */
export function parseXmlRouted<H extends XmlHandler>(
  xml: string,
  route: Route<H>
): { root: XmlElement; routed: Map<XmlElement, H> } {
  const builder = new TreeBuilder(route)
  parseXmlWith(xml, builder)
  return { root: builder.root as XmlElement, routed: builder.routed }
}

class TreeBuilder<H extends XmlHandler> implements XmlHandler {
  root: XmlElement | null = null
  readonly routed = new Map<XmlElement, H>()
  private readonly stack: XmlElement[] = []
  /** How many of the open elements, from the root, match the route's path. */
  private matched = 0
  /** The handler of the routed element being read, and how deep inside it the parse is. */
  private sink: H | null = null
  private inner = 0

  constructor(private readonly route: Route<H> | null) {}

  open(local: string, ns: string, nil: boolean, attrs: readonly Attr[] | null): void {
    if (this.sink !== null) {
      this.inner++
      this.sink.open(local, ns, nil, attrs)
      return
    }
    const el: XmlElement = { local, ns, children: NO_CHILDREN, text: '', nil, attrs }
    const depth = this.stack.length
    const parent = this.stack[depth - 1]
    if (parent === undefined) this.root = el
    else addChild(parent, el)
    this.stack.push(el)
    const path = this.route?.path
    const step = path?.[depth]
    if (path === undefined || step === undefined || this.matched !== depth) return
    if (step.local !== local || step.ns !== ns) return
    this.matched = depth + 1
    if (this.matched === path.length && this.route !== null) {
      this.sink = this.route.open(nil)
      this.routed.set(el, this.sink)
    }
  }

  text(text: string, blank: boolean): void {
    if (this.sink !== null) {
      this.sink.text(text, blank)
      return
    }
    // Indentation before the first child is not content: dropped once the element holds markup.
    const top = this.stack[this.stack.length - 1]
    if (top !== undefined && (top.children.length === 0 || !blank)) top.text += text
  }

  cdata(text: string): void {
    if (this.sink !== null) this.sink.cdata(text)
    else {
      const top = this.stack[this.stack.length - 1]
      if (top !== undefined) top.text += text
    }
  }

  close(): void {
    if (this.sink !== null) {
      if (this.inner > 0) {
        this.inner--
        this.sink.close()
        return
      }
      this.sink = null
    }
    this.stack.pop()
    if (this.matched > this.stack.length) this.matched = this.stack.length
  }
}

function addChild(parent: XmlElement, child: XmlElement): void {
  if (parent.children.length === 0) {
    if (isBlank(parent.text)) parent.text = ''
    parent.children = [child]
  } else (parent.children as XmlElement[]).push(child)
}

function isBlank(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k)
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false
  }
  return true
}

const NO_CHILDREN: readonly XmlElement[] = Object.freeze([])

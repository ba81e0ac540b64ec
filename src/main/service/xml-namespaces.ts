import { bad } from './xml-scan'

const XML_NS = 'http://www.w3.org/XML/1998/namespace'
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/'

/**
 * In-scope prefixes as a chain of the elements that declared some: a lookup walks at most the
 * nesting depth, and an element's declarations never copy its ancestors' (no quadratic cost).
 */
export interface Scope {
  readonly parent: Scope | null
  readonly bindings: ReadonlyMap<string, string>
  /** The default namespace here, kept with the scope: most names have no prefix. */
  readonly defaultNs: string
}

export const ROOT_SCOPE: Scope = {
  parent: null,
  bindings: new Map([
    ['xml', XML_NS],
    ['', '']
  ]),
  defaultNs: ''
}

function lookup(scope: Scope, prefix: string): string | undefined {
  for (let s: Scope | null = scope; s !== null; s = s.parent) {
    const ns = s.bindings.get(prefix)
    if (ns !== undefined) return ns
  }
  return undefined
}

/** The scope of an element carrying these attributes: its own declarations, checked. */
export function declare(parent: Scope, attrs: readonly (readonly [string, string])[]): Scope {
  let bindings: Map<string, string> | null = null
  for (const [name, uri] of attrs) {
    const prefix = name === 'xmlns' ? '' : name.startsWith('xmlns:') ? name.slice(6) : null
    if (prefix === null) continue
    // Namespaces in XML 1.0: `xmlns` is never declared, `xml` only ever means its own name, and
    // neither reserved name is bound to another prefix; a prefix cannot be undeclared.
    if (prefix === 'xmlns') throw bad('The response declares the reserved prefix xmlns.')
    if ((prefix === 'xml') !== (uri === XML_NS) || uri === XMLNS_NS) {
      throw bad('The response binds a reserved namespace name.')
    }
    if (prefix !== '' && uri === '') throw bad(`The response undeclares the prefix ${prefix}.`)
    bindings ??= new Map()
    bindings.set(prefix, uri)
  }
  if (bindings === null) return parent
  return { parent, bindings, defaultNs: bindings.get('') ?? parent.defaultNs }
}

/**
 * The namespace of a name whose first colon is at `colon` (-1: none); a prefix must be in scope.
 * An attribute without a prefix is in no namespace; an element is in the default one.
 */
export function namespaceOf(
  qname: string,
  colon: number,
  scope: Scope,
  isAttribute: boolean
): string {
  if (colon === -1) return isAttribute ? '' : scope.defaultNs
  const ns = lookup(scope, qname.slice(0, colon))
  if (ns === undefined) throw bad(`Unbound namespace prefix in ${qname}.`)
  return ns
}

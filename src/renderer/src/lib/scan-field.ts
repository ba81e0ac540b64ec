/**
 * What a scanner typed into a screen's code field (Scan, Audit), read and cleared at once on
 * submit: the scanner may already be typing the next code. Null when the field is not there.
 */
export function takeScanned(
  event: SubmitEvent,
  field: HTMLInputElement | undefined
): string | null {
  event.preventDefault()
  if (!field) return null
  const code = field.value
  field.value = ''
  return code
}

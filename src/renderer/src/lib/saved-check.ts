/**
 * A checkbox whose change is saved at once: it saves the box's new state, then shows what was
 * kept, so a save the service or the store refused puts the tick back where it was.
 */
export async function saveCheck(
  box: HTMLInputElement,
  save: (checked: boolean) => Promise<unknown>,
  kept: () => boolean
): Promise<void> {
  await save(box.checked)
  box.checked = kept()
}

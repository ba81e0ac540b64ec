/**
 * A checkbox whose change is saved at once: `save` stores the box's new state and answers what
 * was kept, which the box then shows, so a save the service or the store refused puts the tick
 * back where it was.
 */
export async function saveCheck(
  box: HTMLInputElement,
  save: (checked: boolean) => Promise<boolean>
): Promise<void> {
  box.checked = await save(box.checked)
}

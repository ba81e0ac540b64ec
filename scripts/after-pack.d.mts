// Types for the afterPack hook, so tests can call its check on a package laid out on disk.
export function checkPackagedNatives(
  resources: string,
  target: { platform: string; arch: string }
): string[]
declare function afterPack(context: unknown): Promise<void>
export default afterPack

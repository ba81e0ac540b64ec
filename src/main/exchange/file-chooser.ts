/** What exchange needs from its host to read and write the user's files; each host supplies one. */
export interface FileChooser {
  saveText(
    suggestedName: string,
    content: string,
    filters?: { name: string; extensions: string[] }[]
  ): Promise<{ saved: boolean; path?: string }>
  openText(
    filters?: { name: string; extensions: string[] }[]
  ): Promise<{ name: string; content: string } | null>
}

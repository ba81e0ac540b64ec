/**
 * The query parameter the Electron shell adds when it reloads the window after the renderer process
 * died; its value is Chromium's reason ('crashed', 'oom', 'killed', …). The page shows a notice and
 * puts back what was being typed.
 */
export const RECOVERED_PARAM = 'recovered'

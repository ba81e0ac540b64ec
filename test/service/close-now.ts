import type { Server } from 'node:http'

/**
 * Ends a test's loopback server at once: every connection still open (a request a test left
 * hanging, a keep-alive socket) is dropped, then the server closes.
 */
export function closeNow(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => {
      resolve()
    })
  })
}

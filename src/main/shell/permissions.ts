import type { Session } from 'electron'

/**
 * Studbook uses no web permission (camera, notifications, geolocation, clipboard read, HID, ...), so
 * every request and every check is refused, on every session the app creates.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false)
  })
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}

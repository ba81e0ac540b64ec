import { request } from 'node:http'

export interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface RawInit {
  method?: string
  headers?: Record<string, string>
  body?: string | Uint8Array
  /** The address to connect to (the Host header always names 127.0.0.1). */
  host?: string
}

/** One HTTP request as a browser or an attacker would send it, without fetch's header rules. */
export function raw(port: number, path: string, init: RawInit = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: init.host ?? '127.0.0.1',
        port,
        path,
        method: init.method ?? 'GET',
        headers: { Host: `127.0.0.1:${port}`, ...init.headers }
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => {
          body += c
        })
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
        })
      }
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

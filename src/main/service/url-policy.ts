import { AppError } from '../../shared/errors'

function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h)
}

/** HTTPS everywhere except loopback, where the reference service runs. */
export function checkBaseUrl(baseUrl: string): URL {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new AppError('invalid_input', 'The service address is not a valid URL.', {
      field: 'baseUrl'
    })
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new AppError(
      'invalid_input',
      'The service address may not carry credentials or a query.',
      {
        field: 'baseUrl'
      }
    )
  }
  if (url.protocol === 'https:') return url
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url
  throw new AppError('insecure_url', 'The service address must use https.', { field: 'baseUrl' })
}

/**
 * The bearer token of a server started with `--auth-token-file` (docs/security.md). Taken from
 * the URL fragment (`/#token=…`, never sent to the server and removed from the address bar at
 * once), kept for the tab in sessionStorage, or asked for after a 401.
 */
const KEY = 'tokenline.token'

function stored(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

function store(token: string): void {
  try {
    sessionStorage.setItem(KEY, token)
  } catch {
    // Storage disabled: the token lives as long as this page.
  }
  memory = token
}

let memory: string | null = null

/** Moves a `#token=…` fragment into storage and out of the address bar. */
function takeFromFragment(): void {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash)
  if (match?.[1]) {
    store(decodeURIComponent(match[1]))
    history.replaceState(null, '', location.pathname + location.search)
  }
}

/** The current token, or `null`. */
export function currentToken(): string | null {
  takeFromFragment()
  return stored() ?? memory
}

/** `Authorization` header for the current token (empty without one). */
export function authHeaders(): Record<string, string> {
  const token = currentToken()
  return token === null ? {} : { authorization: `Bearer ${token}` }
}

/**
 * After a 401 for a request sent with `sent`: true when a (new) token is there to retry with,
 * asking the user only when no other request has got one meanwhile.
 */
export function tokenAfter401(sent: string | null): boolean {
  const now = currentToken()
  if (now !== null && now !== sent) {
    return true
  }
  const answer = window.prompt('This Tokenline server needs an access token (scope read):')
  if (answer === null || answer.trim() === '') {
    return false
  }
  store(answer.trim())
  return true
}

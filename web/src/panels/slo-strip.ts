/**
 * The SLO strip: one chip per tier objective over the dashboard's window (share of compliant
 * minutes, error budget used, burn rate) and a badge per firing alert with its top finding.
 * Self-contained: it fetches /api/slo and /api/alerts itself and brings its own styles, so the
 * page mounts it with one call. Renders nothing when no tiers are configured.
 */
import { authHeaders } from '../api/auth-token.js'

type Params = Record<string, string | number | readonly string[] | undefined>

interface SloObjective {
  id: string
  text: string
  requests: number
  compliance: number | null
  budget_consumed: number | null
  burn_rate: number | null
}

interface SloReply {
  tiers: { name: string; requests: number; objectives: SloObjective[] }[]
}

interface AlertsReply {
  alerts: { rule: string; state: string; tier: string | null; findings: { cause: string }[] }[]
}

const STYLE = `
.slo-strip { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 0 0 10px; font-size: 11px; }
.slo-strip .tier { color: var(--muted, #7d8896); margin-left: 6px; }
.slo-strip .chip { border: 1px solid var(--line, #262e39); border-radius: 4px; padding: 2px 6px; background: var(--panel, #151a21); white-space: nowrap; }
.slo-strip .chip.ok { border-color: var(--good, #46a758); }
.slo-strip .chip.warn { border-color: var(--accent, #f5a524); }
.slo-strip .chip.bad { border-color: var(--bad, #e5484d); }
.slo-strip .alert { background: var(--bad, #e5484d); color: #fff; border-radius: 4px; padding: 2px 6px; font-weight: 600; }
.slo-strip .alert.pending { background: var(--accent, #f5a524); color: #111; }
`

function ensureStyle(): void {
  if (document.getElementById('slo-strip-style')) {
    return
  }
  const style = document.createElement('style')
  style.id = 'slo-strip-style'
  style.textContent = STYLE
  document.head.append(style)
}

function query(params: Params): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) {
      continue
    }
    for (const one of typeof v === 'object' ? v : [v]) {
      q.append(k, String(one))
    }
  }
  return q.toString()
}

function el(tag: string, cls: string, text: string, title?: string): HTMLElement {
  const e = document.createElement(tag)
  e.className = cls
  e.textContent = text
  if (title) {
    e.title = title
  }
  return e
}

const pct = (v: number | null): string =>
  v === null ? '–' : `${(v * 100).toFixed(v >= 0.995 && v < 1 ? 1 : 0)}%`

/** Chip class: budget left → ok, mostly spent → warn, overspent → bad. */
export function chipClass(o: Pick<SloObjective, 'budget_consumed'>): string {
  if (o.budget_consumed === null) {
    return 'chip'
  }
  if (o.budget_consumed > 1) {
    return 'chip bad'
  }
  if (o.budget_consumed > 0.75) {
    return 'chip warn'
  }
  return 'chip ok'
}

/**
 * Fetches the window's SLO figures and alert states and prepends the strip to `container`'s
 * panel column (or to `container`). Never throws: a failed load leaves no strip.
 */
export async function mountSloStrip(
  container: HTMLElement,
  params: Params,
  signal: AbortSignal
): Promise<void> {
  try {
    const headers = { accept: 'application/json', ...authHeaders() }
    const [slo, alerts] = await Promise.all([
      fetch(`/api/slo?${query(params)}`, { signal, headers }).then((r) =>
        r.ok ? (r.json() as Promise<SloReply>) : null
      ),
      fetch('/api/alerts?limit=0', { signal, headers }).then((r) =>
        r.ok ? (r.json() as Promise<AlertsReply>) : null
      ),
    ])
    if (!slo || slo.tiers.length === 0 || signal.aborted) {
      return
    }
    ensureStyle()
    const strip = el('div', 'slo-strip', '')
    for (const a of alerts?.alerts ?? []) {
      if (a.state !== 'firing' && a.state !== 'pending') {
        continue
      }
      const top = a.findings[0]?.cause
      strip.append(
        el(
          'span',
          a.state === 'firing' ? 'alert' : 'alert pending',
          `${a.state === 'firing' ? '▲' : '…'} ${a.rule}${top ? ` · ${top}` : ''}`,
          `alert ${a.state}`
        )
      )
    }
    for (const t of slo.tiers) {
      strip.append(el('span', 'tier', `${t.name} (${t.requests})`))
      for (const o of t.objectives) {
        const burn = o.burn_rate === null ? '' : ` · burn ${o.burn_rate.toFixed(1)}×`
        strip.append(
          el(
            'span',
            chipClass(o),
            `${o.text} · ${pct(o.compliance)} min OK · budget ${pct(o.budget_consumed)}${burn}`,
            `${o.requests} requests; budget = share of allowed slow/failed requests used in this window`
          )
        )
      }
    }
    const host = container.querySelector<HTMLElement>('.panels-col') ?? container
    host.querySelector('.slo-strip')?.remove()
    host.prepend(strip)
  } catch {
    // Aborted or unreachable: the rest of the dashboard reports connectivity itself.
  }
}

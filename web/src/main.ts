import 'uplot/dist/uPlot.min.css'
import './styles.css'
import { askEarly, keepEarlyRange, shellExtent } from './api/early.js'
import { chooseStepMs, resolveRange, type ResolvedRange } from './model/time-range.js'
import { parseViewState } from './pages/dashboard/url.js'
import { firstWaveUrls } from './panels/first-wave.js'

// The page's entry is small: it sends the first wave of the view, and only then loads the rest
// of the page, which takes these answers instead of asking again. The requests leave while the
// page's script is fetched, compiled and evaluated (ADR 0280). A relative window is resolved
// against the data's extent the page's shell was served with, without waiting for /api/health
// (ADR 0289).
try {
  const search = location.search
  const state = parseViewState(search)
  let range: ResolvedRange | null = null
  if (state.range.kind === 'absolute') {
    range = resolveRange(state.range, null, 0)
  } else {
    const extent = shellExtent()
    // An empty store, or a shell that does not say: the page asks /api/health first.
    if (extent !== null && extent !== undefined) {
      range = resolveRange(state.range, extent, Date.now())
      keepEarlyRange(search, range)
    }
  }
  if (range !== null) {
    for (const url of firstWaveUrls({ state, range, stepMs: chooseStepMs(range) })) {
      askEarly(url)
    }
  }
} catch {
  // Nothing sent early: the page asks for itself.
}

const root = document.getElementById('app')
if (root) {
  void import('./pages/dashboard/dashboard.js').then((m) => m.startDashboard(root))
}

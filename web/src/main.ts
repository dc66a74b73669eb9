import 'uplot/dist/uPlot.min.css'
import './styles.css'
import { askEarly } from './api/early.js'
import { chooseStepMs, resolveRange } from './model/time-range.js'
import { parseViewState } from './pages/dashboard/url.js'
import { firstWaveUrls } from './panels/first-wave.js'

// The page's entry is small: it sends the first wave of a view whose window is in its URL, and
// only then loads the rest of the page, which takes these answers instead of asking again. The
// requests leave while the page's script is fetched, compiled and evaluated (ADR 0280).
try {
  const state = parseViewState(location.search)
  if (state.range.kind === 'absolute') {
    const range = resolveRange(state.range, null, 0)
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

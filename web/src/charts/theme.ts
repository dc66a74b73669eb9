/** Colours and sizes shared by every chart, so all panels line up on one time axis. */
export const THEME = {
  text: '#aab3c0',
  grid: 'rgba(255,255,255,0.06)',
  axis: 'rgba(255,255,255,0.18)',
  font: '11px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  /** Fixed axis widths: every plot area starts and ends at the same x. */
  leftAxisPx: 56,
  rightAxisPx: 44,
}

/** Line colours in order (quantiles, replicas). */
export const PALETTE = [
  '#4cc3e0',
  '#f5a524',
  '#e5484d',
  '#46a758',
  '#b48cf0',
  '#f08a3c',
  '#7fb8e6',
  '#d49cf2',
  '#2bb3a3',
  '#e8d36a',
  '#9aa5b1',
  '#ff7eb6',
]

/** Colour of change-event markers by kind. */
export const EVENT_COLORS: Record<string, string> = {
  deploy: '#f5a524',
  canary: '#f5a524',
  scale: '#4cc3e0',
  restart: '#e5484d',
  config: '#b48cf0',
  node: '#ff7eb6',
}

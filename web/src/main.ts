import 'uplot/dist/uPlot.min.css'
import './styles.css'
import { startDashboard } from './pages/dashboard/dashboard.js'

const root = document.getElementById('app')
if (root) {
  startDashboard(root)
}

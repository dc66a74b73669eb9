/**
 * The discrete-event simulator of an LLM serving platform (pure: seeded randomness, virtual
 * clock). Its outputs have the exact format of a real deployment's telemetry.
 */
export {
  listScenarios,
  getScenario,
  createRun,
  DEFAULT_DURATION_MS,
  DEFAULT_START_MS,
} from './run.js'
export type { RunOptions, SimOutput, SimulationRun, ExpectedOutcome } from './run.js'
export type {
  ScenarioDef,
  ScenarioInfo,
  InjectedCause,
  ScopeRef,
  BuiltScenario,
} from './scenario.js'
export { eventJsonLine } from './events.js'
export { defaultSimConfig, MODELS, H100_SXM, DEFAULT_ENGINE } from './config.js'
export type {
  SimConfig,
  EngineConfig,
  WorkloadConfig,
  DynamicParams,
  Phase,
  ControlAction,
} from './config.js'
export { Simulation } from './simulation.js'
export type { SimRequest } from './request.js'

/**
 * The discrete-event simulator of an LLM serving platform (pure: seeded randomness, virtual
 * clock). Its outputs have the exact format of a real deployment's telemetry.
 */
export { listScenarios, getScenario, createRun, DEFAULT_DURATION_MS } from './run.js'
export type { RunOptions, ExpectedOutcome } from './run.js'
export { eventJsonLine } from './events.js'
export { defaultSimConfig, MODELS } from './config.js'
export type { SimConfig } from './config.js'
export { Simulation } from './simulation.js'
export type { SimRequest } from './request.js'

/*
 * The agent info lives with the other session queries in lib/session.ts. This re-export only
 * keeps the agent management route's import working until that route imports lib/session itself.
 */
export { useAgentInfo } from '../../../lib/session';

import { readFileSync } from 'node:fs'

/**
 * A thread's nice value, read from /proc (Linux): field 19 of its stat, after the command's
 * parentheses. `task` is a path under /proc: 'thread-self', 'self/task/<tid>'.
 */
export function niceOf(task: string): number {
  return Number(readFileSync(`/proc/${task}/stat`, 'utf8').split(') ')[1]?.split(' ')[16])
}

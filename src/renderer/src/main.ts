import { mount } from 'svelte'
import './styles/app.css'
import App from './App.svelte'
import RecoveryScreen from './components/RecoveryScreen.svelte'
import { tryCall } from './lib/api'
import { notices } from './lib/state/notices.svelte'

const target = document.getElementById('app')
if (target === null) throw new Error('index.html has no #app element')
const root = target

/** A data file damaged at start gets the recovery screen instead of an app that cannot read. */
async function start(): Promise<void> {
  const state = await tryCall('app:getStartState', {})
  if (state.ok && state.value.state === 'damaged') {
    mount(RecoveryScreen, { target: root, props: { damaged: state.value } })
    return
  }
  if (state.ok && state.value.state === 'ready' && state.value.notice !== null) {
    notices.info(state.value.notice)
  }
  mount(App, { target: root })
}

void start()

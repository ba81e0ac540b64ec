import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from './create-bridge'

// Sandboxed preload: only 'electron' is required at run time; shared code is bundled in.
contextBridge.exposeInMainWorld('studbook', createBridge(ipcRenderer))

import { capYoungGeneration } from './young-generation'

// Imported first by the host's entry, so the cap holds before the app's modules load.
capYoungGeneration()

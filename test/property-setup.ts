import fc from 'fast-check'
import { replay } from './property-runs'

// Every property test replays a printed failure from one place (STUDBOOK_PROPERTY_SEED and
// STUDBOOK_PROPERTY_PATH), so no test has to remember to pass the seed to fc.assert.
fc.configureGlobal({ ...fc.readConfigureGlobal(), ...replay() })

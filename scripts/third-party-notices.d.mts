import type { Plugin } from 'vite'

/** The notices file in the renderer build (out/renderer). */
export declare const NOTICES_FILE: string
/** Records the packages whose code a build bundles. */
export declare function bundledNotices(): Plugin
/** Writes the notices into the renderer build; after bundledNotices() in its plugins. */
export declare function writeNotices(): Plugin

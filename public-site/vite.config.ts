import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/**
 * What every page needs once it becomes interactive, fetched as one file rather than a dozen small
 * ones (each request costs the main thread a few ms while the page loads): React, the router, the
 * site's frame (layout, navigation, session, the dialogs' shells) and the small pieces several pages
 * share (fields, the address field, the job tracker, the booking rules, the hero and its artwork, what a
 * refused time shows: the booking form's and the booking link page's).
 */
const FRAME = [
  /^\0rolldown[\\/]runtime/,
  /[\\/]node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/,
  /[\\/]public-site[\\/]src[\\/](App|hydrate|routes)\.tsx$/,
  /[\\/]public-site[\\/]src[\\/]components[\\/](Layout|NavBar|Footer|Logo|BookingDialog|Dialog|ProductEnquiryDialog|ToastHost|Field|AddressField|Loading|HeroMedia|MobileCallBar|ResponsiveImage)\.tsx$/,
  // The hero's artwork: every marketing page shows it until staff choose a photo.
  /[\\/]public-site[\\/]src[\\/]components[\\/]illustrations[\\/]HeroArtwork\.tsx$/,
  /[\\/]public-site[\\/]src[\\/]jobs[\\/]JobTracker\.tsx$/,
  /[\\/]public-site[\\/]src[\\/]booking[\\/](SlotParts\.tsx|refusal\.ts)$/,
  /[\\/]public-site[\\/]src[\\/]auth[\\/]session\.tsx$/,
  /[\\/]public-site[\\/]src[\\/]lib[\\/](site|head|toast|first-interaction|useHydrated)\.ts$/,
  /[\\/]public-site[\\/]src[\\/]pages[\\/]NotFoundPage\.tsx$/,
  /[\\/]packages[\\/]contracts[\\/]src[\\/](business|roles|job-status|booking-rules)\.ts$/,
  // The one HTTP and session client (shared with the console).
  /[\\/]packages[\\/]contracts[\\/]src[\\/]client[\\/](http|session)\.ts$/,
];

/**
 * The home page (the landing page) in one file: its sections, the booking form and the job tracker.
 * The booking form's date and time picker (booking/SlotPicker.tsx) is fetched at the first interaction.
 */
const HOME = [
  /[\\/]public-site[\\/]src[\\/](pages[\\/](HomePage\.tsx|home-content\.ts)|jobs[\\/]TrackYourJob\.tsx|booking[\\/](BookingForm\.tsx|BookingOffer\.tsx|SlotFields\.tsx))$/,
];

/**
 * The entry script and what it needs before React: it must stay one small file, free of React, as it
 * is the only script the page names (see src/entry-client.tsx).
 */
const ENTRY = [
  /[\\/]public-site[\\/]src[\\/](entry-client\.tsx|page-loaders\.ts|lib[\\/](early-input|job-dates)\.ts)$/,
  /[\\/]packages[\\/]contracts[\\/]src[\\/]date-format\.ts$/,
  /vite[\\/]preload-helper/,
];

// The public site: a client build (hydrates the prerendered pages) and an SSR build used only at build
// time by scripts/prerender.mjs. Shared rules, copy, API types and the HTTP client come from
// @relining/contracts, bundled from its TypeScript source (its "@relining/source" export condition) in
// both builds: the prerender and the server's renders need no build of the package.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { conditions: ['@relining/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@relining/source', ...defaultServerConditions] }, noExternal: ['@relining/contracts'] },
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    // Read by scripts/prerender.mjs (which chunks a shell page preloads), then removed.
    manifest: !isSsrBuild,
    // Every browser the site supports knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: [
                { name: 'index', test: (id: string) => ENTRY.some((pattern) => pattern.test(id)), priority: 20 },
                { name: 'frame', test: (id: string) => FRAME.some((pattern) => pattern.test(id)), priority: 10 },
                { name: 'HomePage', test: (id: string) => HOME.some((pattern) => pattern.test(id)), priority: 10 },
              ],
            },
          },
        },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
    fs: { allow: ['..'] },
  },
}));

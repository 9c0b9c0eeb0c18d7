// Stands in for the theme's prism-include-languages client module: code is
// highlighted at build time, so the browser needs neither Prism nor grammars.
export {};

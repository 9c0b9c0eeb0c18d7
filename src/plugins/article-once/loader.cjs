// The bundler requires loaders as CommonJS files: this one runs loader.ts through jiti.
const {createJiti} = require('jiti');

const loader = createJiti(__filename).import('./loader.ts', {default: true});

module.exports = function articleOnceLoader(code) {
  const callback = this.async();
  loader.then((load) => callback(null, load.call(this, code)), callback);
};

// The one tslib helper that @docusaurus/utils-common's CommonJS build calls
// (`__importDefault`), as tslib defines it.
type Module = {__esModule?: boolean};

export function __importDefault<T>(mod: T & Module): T | {default: T} {
  return mod && mod.__esModule ? mod : {default: mod};
}

// Node module hooks for the build-time render of the first screens (scripts/prerender.ts): a screen's style imports
// (`import './home.css'`) load as empty modules; the styles themselves reach the page through the build's CSS.
export async function load(url, context, next) {
  if (/\.(css|less|scss)(\?.*)?$/.test(url)) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}

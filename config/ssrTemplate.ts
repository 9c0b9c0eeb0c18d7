/**
 * The page template of Docusaurus 3.7.0 (core/lib/ssg/ssgTemplate.html.js)
 * with one change: the bundle starts after the first paint.
 *
 * Stock pages load `runtime~main` and `main` as `defer` scripts. On a fast
 * network they arrive before the browser has painted, so it runs them (and
 * hydrates the page) first and shows the text after; on a slow network the
 * bundle also takes bandwidth from the page itself. Here the bundle is
 * requested once the first frame is on screen, and runs in the same order.
 * With JavaScript off nothing changes.
 *
 * The base-URL banner's check runs at DOMContentLoaded, before the bundle
 * has run, and so inserts its (CSS-hidden) banner on the home page; the
 * bundle removes it again once it has loaded. If the bundle cannot load, the
 * banner stays, as in stock.
 *
 * The boot script reads the bundle's URLs from its own `data-bundle`
 * attribute, so its text is the same on every page and in every build, and
 * the CSP keeps one hash for it (`npm run deploy:headers`).
 */

/** Loads the bundle named in `data-bundle`, in order, after the first paint. */
const BOOT_SCRIPT = [
  '(function(){',
  "var urls=document.currentScript.getAttribute('data-bundle').split(' ');",
  'var done=false;',
  'function boot(){',
  'if(done)return;done=true;',
  'urls.forEach(function(url,i){',
  "var s=document.createElement('script');",
  's.src=url;s.async=false;',
  'if(i===urls.length-1)s.onload=function(){',
  "var b=document.getElementById('__docusaurus-base-url-issue-banner-container');",
  'if(b)b.remove();};',
  'document.head.appendChild(s);});}',
  // A hidden tab paints nothing, and `requestAnimationFrame` waits for it.
  // The callback of the second frame runs once the first has been painted
  // (one frame's callback runs before that frame's paint, and a timeout after
  // it can still come first).
  "if(document.visibilityState==='hidden')boot();",
  'else requestAnimationFrame(function(){requestAnimationFrame(boot);});',
  '})();',
].join('');

const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script data-bundle="<%= it.scripts.map((script) => it.baseUrl + script).join(' ') %>">${BOOT_SCRIPT}</script>
  </body>
</html>
`;

export default ssrTemplate;

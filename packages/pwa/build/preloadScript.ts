/** Where and for whom the page's first script starts downloading a screen. */
export interface PreloadPlan {
  /** The screen's path, such as `/dashboard`. */
  readonly path: string;
  /** The localStorage key of a stored session (zustand's persist: `{ state: { session } }`). */
  readonly sessionKey: string;
  /** Files of the screen itself. */
  readonly screen: readonly string[];
  /** Files of its default tab, wanted only when the URL names no other one with `tabParam`. */
  readonly defaultTab: readonly string[];
  readonly tabParam: string;
}

/**
 * The inline script that, while the page is still being parsed, asks for the code of the screen a
 * stored session will open: with the files known when the build ends, the browser fetches them
 * beside the app's entry instead of after it has run. Any doubt (no session, another path, storage
 * refused) leaves the page as it is.
 */
export function preloadScript(plan: PreloadPlan): string {
  const files = (list: readonly string[]) => JSON.stringify(list.map((file) => `/${file}`));
  return [
    '(()=>{try{',
    `const stored=JSON.parse(localStorage.getItem(${JSON.stringify(plan.sessionKey)})??'null');`,
    `if(location.pathname!==${JSON.stringify(plan.path)}||!stored?.state?.session)return;`,
    `const files=${files(plan.screen)};`,
    `if(!new URLSearchParams(location.search).has(${JSON.stringify(plan.tabParam)}))files.push(...${files(plan.defaultTab)});`,
    'for(const href of files){const link=document.createElement("link");',
    'if(href.endsWith(".css")){link.rel="preload";link.setAttribute("as","style");}else link.rel="modulepreload";',
    // crossorigin as vite's own preload sets it, or the browser would not reuse the response.
    'link.crossOrigin="";link.href=href;document.head.append(link);}',
    '}catch{}})();',
  ].join('');
}

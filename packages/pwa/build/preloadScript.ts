/** Where and for whom the page's first script starts downloading a screen. */
export interface PreloadPlan {
  /** The screen's path, such as `/dashboard`. */
  readonly path: string;
  /** The localStorage key of a stored session (zustand's persist: `{ state: { session } }`). */
  readonly sessionKey: string;
  /** Files of the screen itself. */
  readonly screen: readonly string[];
  /** Files of each tab beyond the screen's, by the value of `tabParam` that opens it. */
  readonly tabs: Readonly<Record<string, readonly string[]>>;
  readonly tabParam: string;
  /** The tab a URL without a known `tabParam` opens. */
  readonly defaultTab: string;
}

/**
 * The inline script that, while the page is still being parsed, asks for the code of the screen a
 * stored session will open, with the tab its URL names: with the files known when the build ends, the browser fetches them
 * beside the app's entry instead of after it has run. Any doubt (no session, another path, storage
 * refused) leaves the page as it is.
 */
export function preloadScript(plan: PreloadPlan): string {
  const files = (list: readonly string[]) => JSON.stringify(list.map((file) => `/${file}`));
  return [
    '(()=>{try{',
    `const stored=JSON.parse(localStorage.getItem(${JSON.stringify(plan.sessionKey)})??'null');`,
    `if(location.pathname!==${JSON.stringify(plan.path)}||!stored?.state?.session)return;`,
    `const tabs=${JSON.stringify(Object.fromEntries(Object.entries(plan.tabs).map(([tab, list]) => [tab, list.map((file) => `/${file}`)])))};`,
    `const tab=new URLSearchParams(location.search).get(${JSON.stringify(plan.tabParam)});`,
    // As the app picks the tab: an unknown one opens the default.
    `const files=${files(plan.screen)}.concat(Object.hasOwn(tabs,tab)?tabs[tab]:tabs[${JSON.stringify(plan.defaultTab)}]);`,
    'for(const href of files){const link=document.createElement("link");',
    'if(href.endsWith(".css")){link.rel="preload";link.setAttribute("as","style");}else link.rel="modulepreload";',
    // crossorigin as vite's own preload sets it, or the browser would not reuse the response.
    'link.crossOrigin="";link.href=href;document.head.append(link);}',
    '}catch{}})();',
  ].join('');
}

// The harness's build of the page (dist/harness-renderer/renderer.js, build/bundle-test.mjs): the
// product's page (renderer/page.ts, as renderer/renderer-main.ts starts it in the renderer that ships)
// with each pane's terminal offered to the tests (test-view.ts), and the renderer the page's URL
// asks for (`?renderer=dom|webgl`). The page's HTML and styles are
// the shipped ones, copied beside it; the page script (browser-api.ts) and the shipped preload
// load before it.
import { startPage } from '../../renderer/page';
import { offerTestView, wantedRenderer } from './test-view';

void startPage({ renderer: wantedRenderer(location.search), observe: offerTestView });

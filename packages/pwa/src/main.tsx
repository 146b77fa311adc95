import './lib/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/preloadScreen';
import { installApiAuth } from './features/auth/installApiAuth';
import { captureInstallPrompt } from './features/install/installPromptStore';
import './styles/app.css';

installApiAuth();
// Before the first render: the browser's one install offer per page load usually comes on the landing page.
captureInstallPrompt();
preloadScreen(window.location, localStorage);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import './lib/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/preloadScreen';
import { installApiAuth } from './lib/auth/installApiAuth';
import { useSessionStore } from './lib/auth/sessionStore';
import { captureInstallPrompt } from './features/install/installPromptStore';
import './styles/app.css';

installApiAuth();
// Before the first render: the browser's one install offer per page load usually comes on the landing page.
captureInstallPrompt();
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
// The session store has read localStorage already (zustand's persist is synchronous there); a signed-out
// device keeps the key with a null session, so the key's presence says nothing. Until the screen's code
// is here, index.html's shell stays on screen.
void preloadScreen(window.location, useSessionStore.getState().session !== null).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

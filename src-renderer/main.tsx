import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { InLanguage } from './app/InLanguage';
import { loadLanguage } from './i18n/i18n';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // Gateway calls can cost money: nothing is retried or refetched behind the user's back.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// The chosen language's strings first (a small file, only when not English), then the window.
void loadLanguage().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <InLanguage>
          <App />
        </InLanguage>
      </QueryClientProvider>
    </StrictMode>,
  );
});

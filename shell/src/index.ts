// The async boundary lets Module Federation negotiate shared libraries before any of them runs.
void import('./bootstrap');

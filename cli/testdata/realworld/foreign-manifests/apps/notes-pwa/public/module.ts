export const register = () => navigator.serviceWorker.register("/sw.js");

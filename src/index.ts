import { run } from './main.js';
import { allowWorkers, isVerifyWorker, runVerifyWorker } from './parallel.js';

allowWorkers(import.meta.url);
if (isVerifyWorker()) runVerifyWorker();
else await run();

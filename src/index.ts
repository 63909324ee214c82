import { run } from './action/main.js';
import { allowWorkers, isVerifyWorker, runVerifyWorker } from './pipeline/parallel.js';

allowWorkers(import.meta.url);
if (isVerifyWorker()) runVerifyWorker();
else await run();

import { lossDetector } from './loss.js';

export default lossDetector('networkVideoLossIn', 'video', 'inbound');

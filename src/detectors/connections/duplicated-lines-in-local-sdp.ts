import { duplicatedLinesDetector } from './duplicated-lines.js';

export default duplicatedLinesDetector('local');

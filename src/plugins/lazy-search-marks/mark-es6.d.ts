// mark.js's ES2015 build, the file ./marks.ts loads: the same class as the
// package's main file, which its types describe.
declare module 'mark.js/dist/mark.es6.js' {
  import Mark from 'mark.js';
  export default Mark;
}

import { RemoveScroll } from "react-remove-scroll";
import { RemoveScroll as classNamesOnly } from "../../../web/src/lib/remove-scroll-class-names";

describe("the scroll-lock class names AppShell takes without react-remove-scroll", () => {
  it("are the package's own", () => {
    expect(classNamesOnly.classNames).toEqual(RemoveScroll.classNames);
  });
});

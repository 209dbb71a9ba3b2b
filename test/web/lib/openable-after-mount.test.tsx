import { Drawer } from "@mantine/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { FormModal } from "../../../web/src/components/forms/FormModal";
import { DrawnLater, loadLater, useOpenableAfterMount } from "../../../web/src/lib/load-later";
import { AppProviders } from "../../../web/src/providers";
import { testQueryClient } from "../../support/render";

/** A drawer as the lists draw theirs when its code comes late: mounted as it is first opened, then kept. */
function LateDrawer({ opened, onClose, atOnce }: { opened: boolean; onClose: () => void; atOnce: boolean }) {
  const openable = useOpenableAfterMount(atOnce);
  return (
    <Drawer opened={openable && opened} onClose={onClose} title="注文">
      <button type="button">中身</button>
    </Drawer>
  );
}

function List({ atOnce = false }: { atOnce?: boolean }) {
  const [open, setOpen] = useState(atOnce);
  const [drawn, setDrawn] = useState(atOnce);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          setDrawn(true);
        }}
      >
        #1001
      </button>
      {drawn && <LateDrawer opened={open} atOnce={atOnce} onClose={() => setOpen(false)} />}
    </>
  );
}

const renderList = (atOnce?: boolean) =>
  render(
    <AppProviders queryClient={testQueryClient()} env="test">
      <List atOnce={atOnce} />
    </AppProviders>,
  );

describe("a drawer mounted by its opening (its code came late)", () => {
  it("opens one commit after it mounts, so closing it gives the focus back to the row", async () => {
    renderList();
    const row = screen.getByRole("button", { name: "#1001" });
    row.focus();
    fireEvent.click(row);
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    await waitFor(() => expect(row).not.toHaveFocus());
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(row).toHaveFocus());
  });

  it("is open from its first commit when the page opened with it", () => {
    renderList(true);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

/** A form dialog as the lists and settings draw theirs: from loadLater, drawn by DrawnLater as it first opens. */
const senderDialog = loadLater(
  async () =>
    ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
      <FormModal opened={opened} onClose={onClose} title="発送元を追加">
        <button type="button">保存する</button>
      </FormModal>
    ),
);

function SenderList() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        発送元を追加
      </button>
      <DrawnLater part={senderDialog} needed={open} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe("a form dialog whose code comes as it is first opened", () => {
  it("opens one commit after it mounts, so closing it gives the focus back to its button", async () => {
    render(
      <AppProviders queryClient={testQueryClient()} env="test">
        <SenderList />
      </AppProviders>,
    );
    const button = screen.getByRole("button", { name: "発送元を追加" });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveFocus());
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
